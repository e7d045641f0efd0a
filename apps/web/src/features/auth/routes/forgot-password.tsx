// /forgot-password: asks the server to mail a reset link and shows its answer.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useRequestPasswordReset } from '../api/forgot-password.ts';
import { AuthHeading } from '../components/auth-heading.tsx';

export const FORGOT_PASSWORD_FAILED_MESSAGE = 'Something Went Wrong! Please try again.';
export const EMAIL_REQUIRED_MESSAGE = 'Email is required';

export default function ForgotPasswordRoute() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setMessage('');
    if (!email.trim()) {
      setError(EMAIL_REQUIRED_MESSAGE);
      return;
    }
    request.mutate(email.trim(), {
      onSuccess: (answer) => setMessage(answer.message),
      // The specification's one text for every failure, so the form never reveals which addresses exist.
      onError: () => setError(FORGOT_PASSWORD_FAILED_MESSAGE),
    });
  };

  return (
    <>
      <AuthHeading title="Forgot your password?">Enter your email address and we will send you a link to reset your password.</AuthHeading>
      <form onSubmit={submit} noValidate className="space-y-5">
        {error && <Alert variant="error">{error}</Alert>}
        {message && <Alert variant="success">{message}</Alert>}
        <TextField label="Email address" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" className="w-full" disabled={request.isPending} loading={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/auth/login" className="font-semibold text-indigo-600 hover:text-indigo-500">
          Return to login
        </Link>
      </p>
    </>
  );
}
