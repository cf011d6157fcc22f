// Preloaded (node --expose-gc --import ./scripts/bench/memory-probe.js …) into a
// process whose peak memory a benchmark measures; answers over the IPC channel.
//
// Why the kernel's high-water mark and not a sampler: a timer in this process
// cannot fire while the event loop runs synchronous work (parsing, copying a
// buffer), which is exactly when a peak happens, and a sampler in the parent
// reading /proc at an interval can still miss a short spike between two reads.
// Linux keeps the peak resident set size itself (VmHWM) and resets it to the
// current size when "5" is written to /proc/self/clear_refs (Linux 4.0+). So:
// 'arm' collects garbage, resets the mark and answers the RSS as the baseline;
// 'peak' answers the mark, the true maximum since 'arm'. Where the reset is not
// possible (not Linux, or /proc not writable) it falls back to sampling
// process.memoryUsage.rss() every millisecond and says so ('sampled').
import { readFileSync, writeFileSync } from 'node:fs';

let sampler;
let sampledPeak = 0;

function kilobytesFromStatus(field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) * 1024 : undefined;
}

function resetHighWaterMark() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return kilobytesFromStatus('VmHWM') !== undefined;
  } catch {
    return false;
  }
}

function collectGarbage() {
  // Twice: the first pass can leave objects whose finalizers free memory only in the next.
  globalThis.gc?.();
  globalThis.gc?.();
}

process.on('message', (message) => {
  if (message?.probe === 'arm') {
    collectGarbage();
    clearInterval(sampler);
    const exact = resetHighWaterMark();
    const rss = process.memoryUsage.rss();
    if (!exact) {
      sampledPeak = rss;
      sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss())), 1);
    }
    process.send({ probe: 'armed', rss, method: exact ? 'VmHWM' : 'sampled', gc: typeof globalThis.gc === 'function' });
  } else if (message?.probe === 'peak') {
    const exact = sampler === undefined;
    clearInterval(sampler);
    sampler = undefined;
    const peak = exact ? kilobytesFromStatus('VmHWM') : Math.max(sampledPeak, process.memoryUsage.rss());
    process.send({ probe: 'peak', peak, rss: process.memoryUsage.rss() });
  }
});
// The channel must not keep a process alive that would otherwise exit.
process.channel?.unref();
