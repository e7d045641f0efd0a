// /auth/register: create an account (the confirmation is checked here and never sent), then /dashboard.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useRegister } from '../api/register.ts';
import { AuthHeading } from '../components/auth-heading.tsx';
import { PASSWORDS_DO_NOT_MATCH } from '../validation.ts';

export const REGISTER_REQUIRED_MESSAGE = 'All fields are required';
export const REGISTER_FAILED_MESSAGE = 'Registration failed. Please try again.';

export default function RegisterRoute() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState('');
  const { signIn } = useSession();
  const navigate = useNavigate();
  const registration = useRegister();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    if (!name.trim() || !email.trim() || !password || !confirmPassword) {
      setError(REGISTER_REQUIRED_MESSAGE);
      return;
    }
    if (password !== confirmPassword) {
      setError(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    // A new account stays signed in like a ticked 'Remember me': the user just chose to create it on this device.
    registration.mutate(
      { name: name.trim(), email: email.trim(), password, remember: true },
      {
        onSuccess: (session) => {
          signIn(session, true);
          void navigate('/dashboard', { replace: true });
        },
        onError: (failure) => setError(errorMessage(failure, REGISTER_FAILED_MESSAGE)),
      },
    );
  };

  return (
    <>
      <AuthHeading title="Create your account">
        Already have an account?{' '}
        <Link to="/auth/login" className="font-semibold text-indigo-600 hover:text-indigo-500">
          Sign in
        </Link>
      </AuthHeading>
      <form onSubmit={submit} noValidate className="space-y-5">
        {error && <Alert variant="error">{error}</Alert>}
        <TextField label="Full name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="Email address" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        <p className="text-xs text-slate-600">
          By creating an account you agree to the{' '}
          <Link to="/terms-of-use" className="font-semibold text-indigo-600 hover:text-indigo-500">
            Terms of Service
          </Link>{' '}
          and the{' '}
          <Link to="/privacy-policy" className="font-semibold text-indigo-600 hover:text-indigo-500">
            Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" className="w-full" disabled={registration.isPending} loading={registration.isPending}>
          {registration.isPending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </>
  );
}
