import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { BulkChunkError, useBulkUpload, type BulkProgress } from '@/lib/api/equipment/equipment';
import { readBulkInput, downloadText, templateCsvText } from '../bulk-input';
import { bulkErrorLines, bulkSummary, type BulkResults } from '@/lib/equipment/bulk-upload';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** Bulk Upload (docs/product.md §Screens and routes, §Validation): a CSV file or pasted CSV text, a 5-row template, progress. */
export function BulkUploadDialog({ opened, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Bulk Upload Equipment" size="lg" fullScreen={fullScreen}>
      {opened && <BulkForm onDone={onClose} />}
    </Modal>
  );
}

/** Spec 001 §8: the first 3 errors then 'and N more...', as a destructive toast. */
function toastResults(results: BulkResults): void {
  if (results.failed === 0) return showToast('Upload Complete', bulkSummary(results), 'green');
  const lines = bulkErrorLines(results.errors, results.failed);
  showToast(
    `Upload finished: ${bulkSummary(results)}`,
    <Stack gap={2} data-testid="bulk-error-toast">
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Stack>,
    'red',
  );
}

function toastFailure(error: unknown): void {
  const before = error instanceof BulkChunkError ? error.before.success : 0;
  const reason = errorMessage(error, 'Failed to upload equipment');
  showToast('Error', before ? `${reason} (${before} rows were imported before this)` : reason, 'red');
}

function BulkForm({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [rowCount, setRowCount] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [results, setResults] = useState<BulkResults | null>(null);
  const upload = useBulkUpload(setProgress);

  const latest = useRef(0);

  // The preview follows the input: how many rows would go, or why none would. Only the newest
  // read may answer (a large file can finish after the user has already changed it).
  const preview = (nextFile: File | null, nextText: string) => {
    const ticket = ++latest.current;
    setResults(null);
    if (!nextFile && !nextText.trim()) {
      setRowCount(null);
      setProblem(null);
      return;
    }
    void readBulkInput(nextFile, nextText).then((parsed) => {
      if (ticket !== latest.current) return;
      setRowCount(parsed.ok ? parsed.rows.length : null);
      setProblem(parsed.ok ? null : parsed.error);
    });
  };
  const chooseFile = (next: File | null) => {
    setFile(next);
    preview(next, pasted);
  };
  const paste = (next: string) => {
    setPasted(next);
    preview(file, next);
  };

  const clearInput = () => {
    latest.current++;
    setFile(null);
    setPasted('');
    setRowCount(null);
    setProblem(null);
  };

  const submit = async () => {
    const parsed = await readBulkInput(file, pasted);
    if (!parsed.ok) return setProblem(parsed.error);
    upload.mutate(parsed.rows, {
      onSuccess: (done) => {
        toastResults(done);
        if (done.failed === 0) return onDone();
        // The rows that went in are in: Upload must not stay armed with the same file (a second
        // click would send them again). The failed rows stay listed for fixing the file.
        clearInput();
        setResults(done);
      },
      onError: toastFailure,
    });
  };

  const percent = progress && progress.total ? Math.round((progress.sent / progress.total) * 100) : 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Columns: name, code, location (required), description, status, category, condition, quantity.
        </Text>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconDownload size={14} />}
          onClick={() => downloadText('equipment-template.csv', templateCsvText())}
        >
          Download template
        </Button>
      </Group>
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        clearable
        leftSection={<IconFileTypeCsv size={16} />}
        value={file}
        onChange={chooseFile}
        disabled={upload.isPending}
      />
      <Textarea
        label="Or paste CSV data"
        placeholder={'code,name,location\nCAM-010,Sony FX6,Camera Store Room'}
        autosize
        minRows={4}
        maxRows={10}
        value={pasted}
        onChange={(e) => paste(e.currentTarget.value)}
        disabled={upload.isPending || file !== null}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      />
      {problem && (
        <Alert color="red" data-testid="bulk-problem">
          {problem}
        </Alert>
      )}
      {rowCount !== null && !problem && (
        <Text size="sm" fw={500} data-testid="bulk-row-count">
          {rowCount} row{rowCount === 1 ? '' : 's'} ready to upload
        </Text>
      )}
      {upload.isPending && progress && (
        <Stack gap={4}>
          <Progress value={percent} animated aria-label="Upload progress" />
          <Text size="xs" c="dimmed">
            {progress.sent} / {progress.total} rows sent
          </Text>
        </Stack>
      )}
      {results && <ResultPanel results={results} />}
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onDone} disabled={upload.isPending}>
          {results ? 'Close' : 'Cancel'}
        </Button>
        <Button onClick={() => void submit()} loading={upload.isPending}>
          Upload
        </Button>
      </Group>
    </Stack>
  );
}

/** After a partly failed upload: every failed row, so the user can fix the file. */
function ResultPanel({ results }: { results: BulkResults }) {
  return (
    <Alert color="red" title={bulkSummary(results)} data-testid="bulk-results">
      <ScrollArea.Autosize mah={160}>
        <List size="sm" spacing={2}>
          {results.errors.map((e) => (
            <List.Item key={`${e.row}-${e.error}`}>
              Row {e.row}
              {e.code ? ` (${e.code})` : ''}: {e.error}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Alert>
  );
}
