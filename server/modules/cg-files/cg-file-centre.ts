import type { CgFile, CgWritableType } from '../../../shared/contracts/cg-files';
import type { CgNext } from '../../../shared/contracts/cg-next';
import { conflict } from '../../lib/errors';
import type { CgChange } from './cg-changes';
import type { CgFilesService, Writer } from './cg-files.service';
import type { CgNextService } from './cg-next.service';

/** A file centre add / edit as the route parsed it. */
export interface FileCentreWrite {
  type: CgWritableType;
  content: string;
  fileName?: string | null;
  outputPath?: string | null;
  subheadline?: string;
  stage?: boolean;
}

/** The answer: the file as it is now, and NEXT when the text was staged instead of aired. */
export type FileCentreResult = { file: CgFile; existed: boolean; staged?: CgNext };

/**
 * The headline rule of issue 22 on the file centre's path too (issue 38): a headline whose text
 * changes brings its subheadline — the one sent with it, or '' — so a new headline never airs
 * over the previous story's subheadline.
 */
export function textChangesOf(input: FileCentreWrite, onAir: string | undefined): CgChange[] {
  if (onAir === input.content) return [];
  const changes: CgChange[] = [{ type: input.type, content: input.content }];
  if (input.type === 'headline') changes.push({ type: 'subheadline', content: input.subheadline ?? '', field: 'subheadline' });
  return changes;
}

const takeModeRefusal = (type: string, how: string): string =>
  `Take mode is on: this would put ${type} on air at once, without a Take. ${how}`;

/**
 * The CG File Centre's writes (POST, PUT, DELETE /api/cg-files). With take mode off they air at
 * once, as before. With take mode on, text that would change on air goes through NEXT or is
 * refused (409): the server is the authority, so no client can side-step NEXT (issue 38, point 1).
 * A file's name and path are file administration and always apply at once.
 */
export class CgFileCentre {
  constructor(
    private readonly cg: CgFilesService,
    private readonly next: CgNextService,
  ) {}

  async write(writer: Writer, input: FileCentreWrite, action: string): Promise<FileCentreResult> {
    const current = this.cg.repo.findByType(writer.companyId, input.type);
    const existed = current !== undefined;
    const text = textChangesOf(input, current?.content);
    // undefined keeps the file's name / path, null resets it (as the routes always did).
    const admin = { fileName: input.fileName, outputPath: input.outputPath };
    if (!text.length || !this.next.takeMode(writer.companyId)) {
      const [file] = await this.cg.apply(writer, [{ type: input.type, content: input.content, ...admin }, ...text.slice(1)], action);
      return { file: file!, existed };
    }
    if (!input.stage) throw conflict(takeModeRefusal(input.type, 'Stage it in NEXT (stage: true) and take it.'));
    // The file itself (a new row, a new name or path) at once, with the text air has now.
    const needsAdmin = !existed || (admin.fileName !== undefined && admin.fileName !== current.fileName) || (admin.outputPath !== undefined && admin.outputPath !== current.outputPath);
    const file = needsAdmin ? (await this.cg.apply(writer, [{ type: input.type, content: current?.content ?? '', ...admin }], action))[0]! : presentRow(this.cg, writer, input.type);
    return { file, existed, staged: this.next.stage(writer, () => text) };
  }

  /**
   * Clear (the file stays, its text goes) and Delete (the row goes, the file is emptied). In take
   * mode, with text on air: a Clear is staged when asked (`stage`), a Delete goes at once only when
   * the client said so (`bypassNext`: it told the operator that Delete does not wait in NEXT).
   */
  async remove(writer: Writer, id: number, opts: { clearOnly: boolean; stage: boolean; bypassNext: boolean }): Promise<{ staged?: CgNext }> {
    const file = this.cg.get(writer, id);
    const onAir = file.content !== '' && this.next.takeMode(writer.companyId);
    if (opts.clearOnly) {
      if (!onAir) {
        await this.cg.apply(writer, [{ type: file.type, content: '' }]);
        return {};
      }
      if (!opts.stage) throw conflict(takeModeRefusal(file.type, 'Stage the clear in NEXT (stage=true) and take it.'));
      return { staged: this.next.stage(writer, () => [{ type: file.type, content: '' }]) };
    }
    if (onAir && !opts.bypassNext) throw conflict(takeModeRefusal(file.type, 'Deleting a file cannot wait in NEXT: confirm it goes off air now (bypassNext=true), or Clear it through NEXT.'));
    await this.cg.remove(writer, id);
    return {};
  }
}

function presentRow(cg: CgFilesService, writer: Writer, type: CgWritableType): CgFile {
  const file = cg.list(writer).find((f) => f.type === type);
  if (!file) throw new Error(`CG file ${type} vanished`);
  return file;
}
