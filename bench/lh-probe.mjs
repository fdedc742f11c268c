import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const url = process.argv[2];
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox'],
});
for (let i = 0; i < Number(process.argv[3] ?? 1); i++) {
  const r = await lighthouse(url, {
    port: chrome.port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
  });
  const a = r.lhr.audits;
  const el = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  const phases = a['largest-contentful-paint-element']?.details?.items?.[1]?.items;
  const m = a.metrics?.details?.items?.[0];
  console.log(
    JSON.stringify({
      score: r.lhr.categories.performance.score,
      lcp: Math.round(a['largest-contentful-paint'].numericValue),
      fcp: Math.round(a['first-contentful-paint'].numericValue),
      tbt: Math.round(a['total-blocking-time'].numericValue),
      si: Math.round(a['speed-index'].numericValue),
      el: el?.snippet?.slice(0, 160),
      phases: phases?.map((p) => `${p.phase}:${Math.round(p.timing)}`).join(' '),
      obsFCP: m?.observedFirstContentfulPaint,
      obsLCP: m?.observedLargestContentfulPaint,
      obsDCL: m?.observedDomContentLoaded,
      bi: r.lhr.environment.benchmarkIndex,
    }),
  );
}
await chrome.kill();
