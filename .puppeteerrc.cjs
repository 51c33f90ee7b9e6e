// Puppeteer drives the system's Firefox (see scripts/test/browsers.mjs); it must never
// download a browser of its own at install time.
module.exports = { skipDownload: true };
