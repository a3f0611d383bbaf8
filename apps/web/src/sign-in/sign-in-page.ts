import { signInRules } from '@vaskedrift/shared';
import { safeRedirect } from '../features/auth/safe-redirect';
import { type SignInErrorKey, signInErrorKey } from '../features/auth/sign-in-error';
import { getAuth } from '../lib/auth-client';
import { needsSecondFactor } from '../lib/auth-store';
import { FIRST_READS, sendEarlyRead } from '../lib/early-reads';
import { app, auth as texts } from '../locales/nb.json';
import classes from './sign-in-page.module.css';

/**
 * The sign-in page of a visit without a stored session, without React, Mantine or the router: what the first
 * screen of a phone on a slow link waits for is this file and its stylesheet, while the app's code comes at
 * the same time (decision 040). It looks like the app's sign-in page (features/auth), which the app's router
 * shows after a sign-out and which asks for the second factor.
 */

/** The other pages open without a session: the app's sign-in pages' router shows them (app/public-router). */
const OTHER_PUBLIC_PAGES = /^\/sign-in\/(forgot|reset)\/?$/;

/**
 * The sign-in page's address for this visit, as the app's guard would make it (`/sign-in`, with the way back
 * to another page as `redirect`), or null when the page asked for is another public one.
 */
export function signInAddress(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string | null {
  const { pathname, search, hash } = location;
  if (OTHER_PUBLIC_PAGES.test(pathname)) return null;
  if (pathname === '/sign-in') return `${pathname}${search}${hash}`;
  const back = `${pathname}${search}${hash}`;
  if (back === '/' || pathname === '/login') return '/sign-in';
  return `/sign-in?${new URLSearchParams({ redirect: back })}`;
}

const ERROR_TEXTS: Record<SignInErrorKey, string> = {
  'auth.errors.invalidCredentials': texts.errors.invalidCredentials,
  'auth.errors.network': texts.errors.network,
  'auth.errors.tooManyAttempts': texts.errors.tooManyAttempts,
  'auth.errors.unknown': texts.errors.unknown,
};

type Child = Node | string | null;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

/** A Tabler icon (24 × 24, stroked), drawn from its paths. */
function icon(paths: string[], size: number, className?: string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [name, value] of Object.entries({
    width: String(size),
    height: String(size),
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    class: className ?? '',
  }))
    svg.setAttribute(name, value);
  for (const d of paths) {
    const path = document.createElementNS(ns, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

const ICONS = {
  droplet: [
    'M7.502 19.423c2.602 2.105 6.395 2.105 8.996 0c2.602 -2.105 3.262 -5.708 1.566 -8.546l-4.89 -7.26c-.42 -.625 -1.287 -.803 -1.936 -.397a1.376 1.376 0 0 0 -.41 .397l-4.893 7.26c-1.695 2.838 -1.035 6.441 1.567 8.546',
  ],
  alert: ['M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0', 'M12 8v4', 'M12 16h.01'],
  eye: [
    'M10 12a2 2 0 1 0 4 0a2 2 0 0 0 -4 0',
    'M21 12c-2.4 4 -5.4 6 -9 6c-3.6 0 -6.6 -2 -9 -6c2.4 -4 5.4 -6 9 -6c3.6 0 6.6 2 9 6',
  ],
  check: ['M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', 'M9 12l2 2l4 -4'],
};

/** A labelled field with its error line below, as Mantine's TextInput shows one. */
function field(id: string, label: string, input: HTMLInputElement, extra: Child = null) {
  input.id = id;
  input.className = classes.input ?? '';
  const error = el('p', { id: `${id}-error`, class: classes.error ?? '' });
  error.hidden = true;
  const wrapper = el(
    'div',
    { class: classes.field ?? '' },
    el('label', { for: id }, label),
    el('div', { class: classes.control ?? '' }, input, extra),
    error,
  );
  const setError = (message: string | null) => {
    error.textContent = message ?? '';
    error.hidden = message === null;
    if (message === null) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    } else {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    }
  };
  input.addEventListener('input', () => setError(null));
  return { wrapper, setError };
}

/** The green panel beside the form (below it on a phone), as `SignInMarketing` draws it. */
function marketing(): HTMLElement {
  const points = [
    texts.marketing.pointStatus,
    texts.marketing.pointAlerts,
    texts.marketing.pointMaintenance,
    texts.marketing.pointWashes,
  ];
  return el(
    'aside',
    { class: classes.panel ?? '', 'aria-labelledby': 'sign-in-marketing-heading' },
    el(
      'div',
      { class: classes.panelContent ?? '' },
      el('span', { class: classes.eyebrow ?? '' }, texts.marketing.eyebrow),
      el(
        'h2',
        { id: 'sign-in-marketing-heading', class: classes.panelHeading ?? '' },
        texts.marketing.heading,
      ),
      el('p', { class: classes.panelBody ?? '' }, texts.marketing.body),
      el(
        'ul',
        { class: classes.points ?? '' },
        ...points.map((point) =>
          el('li', { class: classes.point ?? '' }, point, icon(ICONS.check, 18, classes.check)),
        ),
      ),
    ),
  );
}

export interface SignInPageOptions {
  /** Signed in (the reads of the first page already sent): the app takes over at `href`. */
  onSignedIn: (href: string) => void;
  /** The password was right and the account asks for a second factor: the app's sign-in page asks for it. */
  onSecondFactor: () => void;
}

/** Draws the sign-in page into `root` (emptied first) and answers its form. */
export function showSignInPage(root: HTMLElement, { onSignedIn, onSecondFactor }: SignInPageOptions): void {
  document.title = `${texts.signIn.title} | ${app.name}`;
  const redirect = new URLSearchParams(window.location.search).get('redirect');

  const email = el('input', {
    type: 'email',
    name: 'email',
    autocomplete: 'username',
    placeholder: texts.signIn.emailPlaceholder,
  });
  const password = el('input', {
    type: 'password',
    name: 'password',
    autocomplete: 'current-password',
    placeholder: texts.signIn.passwordPlaceholder,
  });
  const toggle = el(
    'button',
    {
      type: 'button',
      class: classes.toggle ?? '',
      'aria-label': texts.signIn.showPassword,
      'aria-pressed': 'false',
    },
    icon(ICONS.eye, 18),
  );
  toggle.addEventListener('click', () => {
    const shown = password.type === 'password';
    password.type = shown ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(shown));
  });
  const emailField = field('sign-in-email', texts.signIn.email, email);
  const passwordField = field('sign-in-password', texts.signIn.password, password, toggle);
  const alert = el('div', { role: 'alert', class: classes.alert ?? '' });
  alert.hidden = true;
  const submit = el('button', { type: 'submit', class: classes.submit ?? '' }, texts.signIn.submit);
  const form = el(
    'form',
    { class: classes.form ?? '', novalidate: '' },
    el(
      'div',
      {},
      el('h1', { class: classes.heading ?? '' }, texts.signIn.heading),
      el('p', { class: classes.dimmed ?? '' }, texts.signIn.subtitle),
    ),
    alert,
    emailField.wrapper,
    el(
      'div',
      { class: classes.passwordGroup ?? '' },
      passwordField.wrapper,
      el('a', { href: '/sign-in/forgot', class: classes.link ?? '' }, texts.signIn.forgotPassword),
    ),
    submit,
  );

  const showError = (message: string | null) => {
    alert.replaceChildren();
    alert.hidden = message === null;
    if (message !== null)
      alert.append(
        icon(ICONS.alert, 20, classes.alertIcon),
        el(
          'div',
          {},
          el('p', { class: classes.alertTitle ?? '' }, texts.signIn.errorTitle),
          el('p', {}, message),
        ),
      );
  };
  const setSubmitting = (submitting: boolean) => {
    submit.disabled = submitting;
    submit.replaceChildren(
      ...(submitting ? [el('span', { class: classes.spinner ?? '', 'aria-hidden': 'true' })] : []),
      submitting ? texts.signIn.submitting : texts.signIn.submit,
    );
  };

  // auth-js is made ready once the user starts on the form (its file came with the page).
  form.addEventListener('focusin', () => void getAuth(), { once: true });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const emailError = signInRules.email(email.value);
    const passwordError = signInRules.password(password.value);
    emailField.setError(emailError);
    passwordField.setError(passwordError);
    if (emailError || passwordError) return;
    showError(null);
    setSubmitting(true);
    void (async () => {
      try {
        const { data, error } = await (await getAuth()).signInWithPassword({
          email: email.value.trim(),
          password: password.value,
        });
        if (error) throw error;
        if (needsSecondFactor(data.session)) {
          onSecondFactor();
          return;
        }
        // What the first page waits for goes now, not once the app's code has come and asked for it.
        const href = safeRedirect(redirect);
        sendEarlyRead(data.session.access_token, FIRST_READS.user(data.user.id));
        if (new URL(href, window.location.origin).pathname === '/')
          for (const read of [FIRST_READS.dashboard, ...Object.values(FIRST_READS.dashboardCards)])
            sendEarlyRead(data.session.access_token, read);
        // Stays "submitting" until the app's page replaces this one.
        onSignedIn(href);
      } catch (error) {
        showError(ERROR_TEXTS[signInErrorKey(error)]);
        setSubmitting(false);
      }
    })();
  });

  root.replaceChildren(
    el(
      'div',
      { class: classes.page ?? '' },
      el(
        'main',
        { class: classes.formSide ?? '' },
        el(
          'div',
          { class: classes.logo ?? '' },
          el('span', { class: classes.mark ?? '' }, icon(ICONS.droplet, 20)),
          el('span', {}, app.name),
        ),
        el('div', { class: classes.formWrap ?? '' }, form),
      ),
      marketing(),
    ),
  );
}
