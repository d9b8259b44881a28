import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@shared/constants';

export default function NotFoundPage() {
  useEffect(() => {
    document.title = `404 · ${PRODUCT_NAME}`;
  }, []);
  return (
    <Stack align="center" py={64} gap="sm">
      <Title order={1} size="h2">
        404 Page Not Found
      </Title>
      <Text c="dimmed">The page you are looking for does not exist.</Text>
      <Button component={Link} to="/dashboard" variant="light">
        Go to Dashboard
      </Button>
    </Stack>
  );
}
