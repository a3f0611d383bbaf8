import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type SmallFilesystem = {
  /** Where it is mounted (root's, mode 0755). */
  dir: string;
  /** Writes a filler file until not one byte more fits; the bytes it took. */
  fill(): number;
  /** Deletes the filler: the space is back. */
  free(): void;
  /** Bytes still free. */
  available(): number;
  unmount(): void;
};

function mountTmpfs(dir: string, size: string): string | null {
  const out = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (out.error) return out.error.message;
  return out.status === 0 ? null : out.stderr.trim().split('\n')[0] || `mount → ${out.status}`;
}

/**
 * Why a small filesystem cannot be mounted here, or null when it can: tries a tiny tmpfs and unmounts it.
 * Mounting needs root (CAP_SYS_ADMIN); CI and the development machines run as root, a laptop may not.
 */
export function smallFilesystemUnavailable(): string | null {
  if (process.platform !== 'linux') return `tmpfs finnes ikke på ${process.platform}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-mount-probe-'));
  try {
    const refused = mountTmpfs(dir, '1m');
    if (refused) return `kan ikke montere tmpfs (${refused})`;
    spawnSync('umount', [dir]);
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Mounts a tmpfs of `size` (`128m`) on a new directory: a volume the test can fill to the last byte. */
export function mountSmallFilesystem(size: string): SmallFilesystem {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-small-fs-'));
  const refused = mountTmpfs(dir, size);
  if (refused) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`kan ikke montere tmpfs på ${dir}: ${refused}`);
  }
  const filler = path.join(dir, 'filler');
  const available = () => {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  };
  return {
    dir,
    available,
    fill() {
      const fd = openSync(filler, 'a');
      const chunk = Buffer.alloc(1 << 20, 0xff);
      let written = 0;
      try {
        // Halving the chunk at each refusal ends with the last page of the filesystem taken too.
        for (let size = chunk.length; size >= 1; ) {
          try {
            written += writeSync(fd, chunk, 0, size);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
            size >>= 1;
          }
        }
      } finally {
        closeSync(fd);
      }
      return written;
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      rmSync(filler, { force: true });
      const out = spawnSync('umount', [dir], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`umount ${dir}: ${out.stderr}`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
