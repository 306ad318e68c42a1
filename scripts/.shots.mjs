import puppeteer from 'puppeteer-core';
const token = process.argv[2];
const base = 'http://localhost:8790';
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.authenticate({ username: token, password: 'x' });
const shots = [
  ['chapter-phone-light', '/chapters/KJV:John.3', 390, 844, 'light'],
  ['chapter-phone-dark', '/chapters/WEB:Matt.5', 390, 844, 'dark'],
  ['chapter-desktop-dark', '/chapters/KJV:Ps.23?parallel=WEB', 1200, 900, 'dark'],
  ['search', '/verses?keyword=love+one+another', 1200, 1000, 'light'],
  ['verse', '/verses/KJV:John.3.16', 1200, 1000, 'light'],
  ['version', '/versions/WEB', 1200, 1000, 'light'],
  ['passages', '/passages?q[]=Ps+23&version=ASV', 1200, 1000, 'light'],
  ['docs', '/docs', 1200, 1000, 'light'],
];
for (const [name, path, w, h, scheme] of shots) {
  await page.setViewport({ width: w, height: h });
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
  const res = await page.goto(base + path, { waitUntil: 'networkidle0' });
  await page.screenshot({ path: `/tmp/shot-${name}.png` });
  console.log(name, res.status());
}
await browser.close();
