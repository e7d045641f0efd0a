// /reset-password/:token: checks the link, takes the new password, signs the user in and goes to /dashboard after 2 s.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useResetPassword, useResetTokenValidity } from '../api/reset-password.ts';
import { AuthHeading } from '../components/auth-heading.tsx';
import { newPasswordError } from '../validation.ts';
import { MIN_PASSWORD_LENGTH } from '@foldline/contracts/common';

export const RESET_FAILED_MESSAGE = 'An error occurred. Please try again.';
/** The specification's pause on the success message before the dashboard. */
export const REDIRECT_AFTER_RESET_MS = 2000;

export default function ResetPasswordRoute() {
  const { token = '' } = useParams();
  const validity = useResetTokenValidity(token);
  const reset = useResetPassword(token);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/dashboard', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (validity.isPending) {
    return (
      <>
        <title>Reset password · Foldline</title>
        <LoadingState text="Validating your reset link..." />
      </>
    );
  }

  if (validity.isError || !validity.data.valid) {
    return (
      <div className="text-center">
        <AuthHeading title="Invalid or Expired Link">This password reset link is invalid or has expired.</AuthHeading>
        <Link to="/forgot-password" className="font-semibold text-indigo-600 hover:text-indigo-500">
          Request a new link
        </Link>
      </div>
    );
  }

  if (done) {
    return (
      <div className="space-y-4 text-center">
        <AuthHeading title="Password reset" />
        <Alert variant="success" title="Your password has been reset successfully">
          Redirecting to dashboard...
        </Alert>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    const problem = newPasswordError(password, confirmPassword);
    if (problem) {
      setError(problem);
      return;
    }
    reset.mutate(password, {
      onSuccess: (answer) => {
        if (answer.tokens && answer.user) signIn({ tokens: answer.tokens, user: answer.user }, true);
        setDone(true);
      },
      onError: (failure) => setError(errorMessage(failure, RESET_FAILED_MESSAGE)),
    });
  };

  return (
    <>
      <AuthHeading title="Reset your password">Choose a new password of at least {MIN_PASSWORD_LENGTH} characters.</AuthHeading>
      <form onSubmit={submit} noValidate className="space-y-5">
        {error && <Alert variant="error">{error}</Alert>}
        <TextField
          label="New Password"
          type="password"
          name="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        <Button type="submit" className="w-full" disabled={reset.isPending} loading={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </>
  );
}
