import type { CgFile, CgWritableType } from '../../../shared/contracts/cg-files';
import type { CgNext } from '../../../shared/contracts/cg-next';
import path from 'node:path';
import { badRequest, conflict } from '../../lib/errors';
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
  if (input.type === 'headline')
    changes.push({ type: 'subheadline', content: input.subheadline ?? '', field: 'subheadline' });
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
    await this.assertWhereItIs(writer.companyId, input);
    const current = await this.cg.findByType(writer.companyId, input.type);
    const existed = current !== undefined;
    const text = textChangesOf(input, current?.content);
    // A new row gets its one name; an existing row's name and folder are never changed here (issue 39).
    const admin = existed ? {} : { fileName: cgFileNameOf(input.type) };
    if (!text.length || !(await this.next.takeMode(writer.companyId))) {
      const [file] = await this.cg.apply(
        writer,
        [{ type: input.type, content: input.content, ...admin }, ...text.slice(1)],
        action,
      );
      return { file: file ?? (await presentRow(this.cg, writer, input.type)), existed };
    }
    if (!input.stage) throw conflict(takeModeRefusal(input.type, 'Stage it in NEXT (stage: true) and take it.'));
    // A new file exists at once (empty: the text air has now); its text waits in NEXT.
    const file = existed
      ? await presentRow(this.cg, writer, input.type)
      : (await this.cg.apply(writer, [{ type: input.type, content: '', ...admin }], action))[0]!;
    return { file, existed, staged: await this.next.stage(writer, () => text) };
  }

  /**
   * Issue 39 point 6: each type is written as <type>.txt in the station's one CG folder — the
   * names graphics programs read, inside the folder rules of issue 22. A request naming another
   * file or folder is refused (it used to be stored and ignored); the ones the file has pass.
   */
  private async assertWhereItIs(companyId: number, input: FileCentreWrite): Promise<void> {
    const name = cgFileNameOf(input.type);
    if (input.fileName != null && input.fileName !== name) {
      throw badRequest(
        `fileName: the ${input.type} file is always ${name} — graphics programs read it by that name; the file centre does not rename files`,
      );
    }
    const folder = await this.cg.folderOf(companyId);
    if (input.outputPath != null && path.resolve(this.cg.ctx.config.baseDir, input.outputPath) !== folder) {
      throw badRequest(
        `outputPath: every CG file of the station is written in its CG folder (${folder}); an owner or admin moves that folder under Settings → CG Configuration`,
      );
    }
  }

  /**
   * Clear (the file stays, its text goes) and Delete (the row goes, the file is emptied). In take
   * mode, with text on air: a Clear is staged when asked (`stage`), a Delete goes at once only when
   * the client said so (`bypassNext`: it told the operator that Delete does not wait in NEXT).
   */
  async remove(
    writer: Writer,
    id: number,
    opts: { clearOnly: boolean; stage: boolean; bypassNext: boolean },
  ): Promise<{ staged?: CgNext }> {
    const file = await this.cg.get(writer, id);
    const onAir = file.content !== '' && (await this.next.takeMode(writer.companyId));
    if (opts.clearOnly) {
      if (!onAir) {
        await this.cg.apply(writer, [{ type: file.type, content: '' }]);
        return {};
      }
      if (!opts.stage) throw conflict(takeModeRefusal(file.type, 'Stage the clear in NEXT (stage=true) and take it.'));
      return { staged: await this.next.stage(writer, () => [{ type: file.type, content: '' }]) };
    }
    if (onAir && !opts.bypassNext)
      throw conflict(
        takeModeRefusal(
          file.type,
          'Deleting a file cannot wait in NEXT: confirm it goes off air now (bypassNext=true), or Clear it through NEXT.',
        ),
      );
    await this.cg.remove(writer, id);
    return {};
  }
}

/** The one name a type's file has in the station's CG folder. */
export const cgFileNameOf = (type: string): string => `${type}.txt`;

async function presentRow(cg: CgFilesService, writer: Writer, type: CgWritableType): Promise<CgFile> {
  const file = (await cg.list(writer)).find((f) => f.type === type);
  if (!file) throw new Error(`CG file ${type} vanished`);
  return file;
}
