import { List, Paper, Text, Title } from '@mantine/core';

/** How to connect and how the two tabs behave (docs/product.md §Screens and routes "usage instructions"). */
export function UsageInstructions() {
  return (
    <Paper withBorder p="md" radius="md" data-testid="sheets-instructions">
      <Title order={2} size="h5" mb="xs">
        How to use
      </Title>
      <List type="ordered" spacing={6} size="sm">
        <List.Item>
          In Google Cloud, enable the Google Sheets API, create a service account and download its JSON key.
        </List.Item>
        <List.Item>An owner or admin uploads the key under Connection (it stays on the server).</List.Item>
        <List.Item>
          Make a sheet in your Google Drive, share it with the service account's address as Editor, and paste its URL
          here.
        </List.Item>
        <List.Item>Press Create Sheet: it adds the Equipment and Requests tabs and fills them.</List.Item>
      </List>
      <Text size="sm" mt="sm">
        The app writes to the sheet a few seconds after equipment or a request changes, and reads the Equipment tab
        every 30 minutes (or on Sync from Sheet). In the Equipment tab you may edit any cell except ID, Current Stock
        and Last Modified; add an item with a new row and an empty ID. Rows are checked like the Add Equipment form: a
        bad row is listed here and left out. If a row changed in both places, the later Last Modified wins and the other
        version is kept in the Activity Log. The Requests tab is a read-only copy: requests change only in the app.
      </Text>
    </Paper>
  );
}
