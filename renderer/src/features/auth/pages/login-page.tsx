import { Alert, Box, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconBroadcast } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '@shared/constants';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { RETURN_PARAM, safeReturnPath } from '@/lib/return-path';
import { storeSession, useSession } from '@/lib/session-store';

interface FieldErrors {
  username?: string;
  password?: string;
}

function validate(username: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!username.trim()) errors.username = 'Username is required';
  if (!password) errors.password = 'Password is required';
  return errors;
}

/**
 * Login (docs/product.md §Screens and routes): on success the page reloads so every screen starts clean — at the page
 * that sent the visitor here (?next=, same origin only), else at /.
 */
export default function LoginPage() {
  const status = useSession((s) => s.status);
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_PARAM), window.location.origin);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const loginMutation = useLogin();

  if (status === 'authenticated') return <Navigate to={returnTo} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validate(username, password);
    setFieldErrors(errors);
    if (errors.username || errors.password) return;
    loginMutation.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (res) => {
          if (!res?.token || !res.user) return console.error('Login response without token and user', res);
          // Stored only: the reload starts every screen from this session.
          storeSession(res.token, res.user);
          window.location.assign(returnTo);
        },
      },
    );
  };

  const failure = loginMutation.error ? errorMessage(loginMutation.error, 'Invalid username or password') : null;

  return (
    // The sign-in form is the page's main content (a landmark screen-reader users jump to).
    <Center component="main" mih="100dvh" p="md">
      <Box w="100%" maw={400}>
        <Paper withBorder radius="md" p="xl" shadow="md">
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <Stack gap={4} align="center">
                <IconBroadcast size={36} color="var(--mantine-color-red-6)" aria-hidden />
                <Title order={1} size="h2">
                  {PRODUCT_NAME}
                </Title>
                <Text c="dimmed" size="sm">
                  Sign in to your account
                </Text>
              </Stack>
              {failure && (
                <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                  {failure}
                </Alert>
              )}
              <TextInput
                label="Username"
                autoComplete="username"
                autoFocus
                value={username}
                onChange={(e) => setUsername(e.currentTarget.value)}
                error={fieldErrors.username}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={fieldErrors.password}
              />
              <Button type="submit" fullWidth disabled={loginMutation.isPending}>
                {loginMutation.isPending ? 'Signing in...' : 'Sign In'}
              </Button>
            </Stack>
          </form>
        </Paper>
        <Text ta="center" c="dimmed" size="xs" mt="md">
          CG Bridge Equipment Management System
        </Text>
      </Box>
    </Center>
  );
}
