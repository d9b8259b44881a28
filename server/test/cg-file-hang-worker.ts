import fs from 'node:fs';
import path from 'node:path';
import { replaceCgFiles, type CgFileTask } from '../workers/cg-file-io';
import { serveTasks } from '../workers/worker-main';

/**
 * The CG files thread for tests, with a disk that stops answering: while a file named `.hang` is in
 * the folder of a write, the thread is held inside one synchronous call (as in an fsync on a dead
 * drive: nothing else runs on it), and then writes as usual.
 */
const cell = new Int32Array(new SharedArrayBuffer(4));

serveTasks({
  'cg.replace': (task: CgFileTask) => {
    const flag = path.join(path.dirname(task.files[0]!.path), '.hang');
    while (fs.existsSync(flag)) Atomics.wait(cell, 0, 0, 20);
    return replaceCgFiles(task);
  },
});
