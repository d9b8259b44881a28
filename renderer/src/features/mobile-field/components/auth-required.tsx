import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '@/lib/return-path';

/**
 * The mobile page's own sign-in screen (docs/product.md §Screens and routes): /field is outside the app's guard. Go to
 * Login comes back to this very address after sign-in (a scanned QR label's item).
 */
export function AuthRequired() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    // Only /field shows this (the shell's routes require a session), so it is the page's main.
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder radius="md" p="xl" w="100%" maw={400}>
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconLock size={26} />
          </ThemeIcon>
          <Title order={1} size="h3" ta="center">
            Authentication Required
          </Title>
          <Text c="dimmed" size="sm" ta="center">
            Please log in to access the mobile field interface.
          </Text>
          <Button fullWidth mt="xs" onClick={() => void navigate(loginPathFor(location))}>
            Go to Login
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
