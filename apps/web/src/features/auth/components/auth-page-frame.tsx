import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/brand-logo';
import classes from '../routes/sign-in-page.module.css';
import { SignInMarketing } from './sign-in-marketing';

/** The signed-out pages' frame: logo and form on one side, the marketing text on the other. */
export function AuthPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <main className={classes.formSide}>
        <div className={classes.logo}>
          <BrandLogo tone="auto" />
        </div>
        <div className={classes.formWrap}>{children}</div>
      </main>
      <SignInMarketing />
    </div>
  );
}
