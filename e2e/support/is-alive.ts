/**
 * True when a process with this id runs on this machine (signal 0 only checks; EPERM means it exists but is not
 * ours). Used to sweep the data, builds and results a killed e2e run left behind.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
