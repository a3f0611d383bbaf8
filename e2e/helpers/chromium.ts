import { existsSync } from 'node:fs';

/*
 * The system Chromium as the end-to-end tests and the browser benches launch it (decision 003).
 *
 * Debian's `/usr/bin/chromium` is a shell script that adds its own flags before starting the browser,
 * among them `--enable-gpu-rasterization`: with no GPU every page is then rasterized through a software GL
 * (SwiftShader). Measured with `e2e/tests/people.spec.ts` alone (9 tests, traces off): through the script
 * 164 s of Chromium CPU, the binary itself 114 s, the binary with that one flag added 146 s. So the binary is
 * started directly where the package has it; `CHROMIUM_PATH` (when not empty) still chooses another.
 */
const DEBIAN_BINARY = '/usr/lib/chromium/chromium';

export const chromiumLaunchOptions = {
  executablePath:
    process.env.CHROMIUM_PATH || (existsSync(DEBIAN_BINARY) ? DEBIAN_BINARY : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
