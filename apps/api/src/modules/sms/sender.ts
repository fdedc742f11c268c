import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  /** E.164 number. */
  to: string;
  text: string;
}

/** Where texts go; a real SMS gateway implements the same interface. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The default sender, without a gateway: each text is logged and written to `outboxDir` as
 * `{ms}-{sequence}-{to}.txt` ("To: …", a blank line, the text), beside the mail outbox, so the
 * embedded mode and the tests see what a phone would receive.
 */
export function createSmsSender(opts: { outboxDir: string; log: FastifyBaseLogger }): SmsSender {
  let sequence = 0;
  return {
    async send(message) {
      await mkdir(opts.outboxDir, { recursive: true });
      const file = join(opts.outboxDir, `${Date.now()}-${++sequence}-${message.to.replace(/[^0-9+]/g, '_')}.txt`);
      await writeFile(file, `To: ${message.to}\n\n${message.text}\n`);
      opts.log.info({ to: message.to, text: message.text, file }, 'sms written to outbox');
    },
  };
}
