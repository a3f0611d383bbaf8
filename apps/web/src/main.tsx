import { hasStoredSession } from './lib/auth-storage';
import { whenIdle } from './lib/when-idle';
import { showSignInPage, signInAddress } from './sign-in/sign-in-page';

/**
 * The first file of every visit, kept small (decision 040): without a stored session it draws the sign-in
 * page itself (`sign-in/`, no React or Mantine), while the app's code (`app/start.tsx`: React, Mantine, the
 * router, the layout, the dashboard), preloaded by `index.html`, comes over the same link at the same time.
 */
const root = document.getElementById('root');
if (!root) throw new Error('Fant ikke #root i index.html');

// Mantine's stylesheet first: its link must come before the app's own stylesheet, which overrides it.
import('./app/styles').catch(() => {});
const app = import('./app/start');
// A failure is met when the app is wanted (below); until then it is no error of the page.
app.catch(() => {});
// Without the app's code nothing goes on: the page is loaded anew (the service worker may have it).
const withApp = (run: (start: Awaited<typeof app>) => void) =>
  void app.then(run, () => window.location.reload());

/**
 * A page's first `Intl` call loads ICU's data: 0.15–0.3 s of a phone's main thread at Lighthouse's 4× slower
 * CPU, which the dashboard's first render (its time of day, its figures) paid after signing in. The sign-in
 * page makes those calls once idle, while the app's file is still coming over the link (decision 040).
 */
function loadIntlWhenIdle() {
  // Norwegian, the language of the first page until the user's own is known (`NUMBER_LOCALE` in shared, not
  // imported: the module would move from the app's file into this one).
  const load = () => {
    new Date().toLocaleTimeString('nb-NO');
    new Intl.NumberFormat('nb-NO').formatToParts(1234.5);
  };
  whenIdle(load, 2000);
}

if (hasStoredSession()) withApp((start) => start.startApp());
else {
  const signInAt = signInAddress(window.location);
  if (signInAt === null) withApp((start) => start.showSignInPages());
  else {
    window.history.replaceState(window.history.state, '', signInAt);
    loadIntlWhenIdle();
    showSignInPage(root, {
      onSignedIn: (href) => withApp((start) => start.startApp(href)),
      // The app's sign-in page asks for the code (the session now stored has status 'mfaRequired').
      onSecondFactor: () => withApp((start) => start.startApp()),
    });
  }
}
