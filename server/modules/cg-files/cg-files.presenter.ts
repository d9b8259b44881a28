import type { CgFile, CgWritableType } from '../../../shared/contracts/cg-files';
import type { CgFileRow } from '../../db/schema';

export function presentCgFile(row: CgFileRow): CgFile {
  return {
    id: row.id,
    fileName: row.fileName,
    content: row.content,
    type: row.type as CgWritableType,
    companyId: row.companyId,
    updatedBy: row.updatedBy,
    outputPath: row.outputPath,
    updatedAt: row.updatedAt,
  };
}
