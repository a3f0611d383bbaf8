import { AuthPageFrame } from '../components/auth-page-frame';
import { SignInForm } from '../components/sign-in-form';

export function SignInPage() {
  return (
    <AuthPageFrame>
      <SignInForm />
    </AuthPageFrame>
  );
}
