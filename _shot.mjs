import { chromium } from 'playwright';
const [,, url, out, clickSel] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(url);
await page.waitForTimeout(2500);
if (clickSel) { await page.locator(clickSel).first().click(); await page.waitForTimeout(800); }
await page.screenshot({ path: out, fullPage: false });
console.log(errors.join('\n'));
await browser.close();
