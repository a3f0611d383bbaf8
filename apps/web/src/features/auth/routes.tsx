import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';

/** The public pages: sign in, ask for a new password, and set it from the e-mail's link. */
export function createAuthRoutes<TParent extends AnyRoute>(parent: TParent) {
  const signInRoute = createRoute({
    getParentRoute: () => parent,
    path: 'sign-in',
    validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
      typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
    staticData: { title: 'auth.signIn.title', access: { public: true } },
    // Lazy: the first visit's sign-in page is `main.tsx`'s, without React; this one shows after signing out or
    // from another public page, and its form's code need not come with the app's file (decision 040).
    component: lazyRouteComponent(() => import('./routes/sign-in-page'), 'SignInPage'),
  });
  const forgotPasswordRoute = createRoute({
    getParentRoute: () => parent,
    path: 'sign-in/forgot',
    staticData: { title: 'auth.forgot.title', access: { public: true } },
    component: lazyRouteComponent(() => import('./routes/forgot-password-page'), 'ForgotPasswordPage'),
  });
  /** Open whether signed in or not: the link in the e-mail must work in a browser where someone is signed in. */
  const resetPasswordRoute = createRoute({
    getParentRoute: () => parent,
    path: 'sign-in/reset',
    validateSearch: (search: Record<string, unknown>): { token?: string } =>
      typeof search.token === 'string' ? { token: search.token } : {},
    staticData: { title: 'auth.reset.title' },
    component: lazyRouteComponent(() => import('./routes/reset-password-page'), 'ResetPasswordPage'),
  });
  return [signInRoute, forgotPasswordRoute, resetPasswordRoute] as const;
}
