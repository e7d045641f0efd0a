// /auth/login: sign in, then back to the page the user came from (or /dashboard), replacing history.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { returnPath } from '../../../lib/return-to.ts';
import { useSession } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import { AuthHeading } from '../components/auth-heading.tsx';

export const LOGIN_REQUIRED_MESSAGE = 'Email and password are required';
export const LOGIN_FAILED_MESSAGE = 'Login failed. Please check your credentials.';

export default function LoginRoute() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState('');
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    if (!email.trim() || !password) {
      setError(LOGIN_REQUIRED_MESSAGE);
      return;
    }
    login.mutate(
      { email: email.trim(), password, remember },
      {
        onSuccess: (session) => {
          signIn(session, remember);
          void navigate(returnPath(location.state), { replace: true });
        },
        onError: (failure) => setError(errorMessage(failure, LOGIN_FAILED_MESSAGE)),
      },
    );
  };

  return (
    <>
      <AuthHeading title="Sign in to your account">
        Or{' '}
        <Link to="/auth/register" className="font-semibold text-indigo-600 hover:text-indigo-500">
          create a new account
        </Link>
      </AuthHeading>
      <form onSubmit={submit} noValidate className="space-y-5">
        {error && <Alert variant="error">{error}</Alert>}
        <TextField label="Email address" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox label="Remember me" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <Link to="/forgot-password" className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={login.isPending} loading={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </>
  );
}
