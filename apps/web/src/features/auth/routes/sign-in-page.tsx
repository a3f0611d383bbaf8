import { BrandLogo } from '../../../components/brand-logo';
import { SignInForm } from '../components/sign-in-form';
import { SignInMarketing } from '../components/sign-in-marketing';
import classes from './sign-in-page.module.css';

export function SignInPage() {
  return (
    <div className={classes.page}>
      <main className={classes.formSide}>
        <div className={classes.logo}>
          <BrandLogo tone="auto" />
        </div>
        <div className={classes.formWrap}>
          <SignInForm />
        </div>
      </main>
      <SignInMarketing />
    </div>
  );
}
