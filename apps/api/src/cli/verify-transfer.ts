import { readFileSync } from 'node:fs';
import { verifyTransferFile } from '../modules/transfer/signing.js';

// `npm run verify:transfer -w @balcony/api -- <file.json> <public-key.pem>`: checks an account
// transfer file against the public key of GET /api/v1/transfer/public-key; exits 1 when it fails.

const [file, key] = process.argv.slice(2);
if (!file || !key) {
  console.error('usage: verify-transfer <file.json> <public-key.pem>');
  process.exit(2);
}
const document = verifyTransferFile(JSON.parse(readFileSync(file, 'utf8')), readFileSync(key, 'utf8'));
if (!document) {
  console.error('INVALID: the signature does not hold, or this is not an account transfer file');
  process.exit(1);
}
console.log(
  `VALID: transfer of member ${document.member.id} (${document.brandId}) at ${document.transferredAt}, ` +
    `${document.coins.length} coin lots, ${document.ownerships.length} ownerships, ` +
    `${document.library.length} series read, ${document.favorites.length} favourites`,
);
