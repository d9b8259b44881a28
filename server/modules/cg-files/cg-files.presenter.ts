import type { CgFile, CgWritableType } from '../../../shared/contracts/cg-files';
import type { CgFileRow } from '../../db/schema';

/**
 * Issue 39 point 6: a file is shown where it really is — `<type>.txt` in the station's CG folder
 * (`folder`, absolute). The file_name / output_path columns of older rows (names and folders the
 * file centre once stored but never used) are not shown as if they applied.
 */
export function presentCgFile(row: CgFileRow, folder: string): CgFile {
  return {
    id: row.id,
    fileName: `${row.type}.txt`,
    content: row.content,
    type: row.type as CgWritableType,
    companyId: row.companyId,
    updatedBy: row.updatedBy,
    outputPath: folder,
    updatedAt: row.updatedAt,
  };
}
