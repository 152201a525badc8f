/** The top frames of a V8 CPU profile (`node --cpu-prof`) by self time, for bench/README.md. */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface Frame {
  frame: string;
  selfShare: number;
}

/** Where a frame lives, shortened: the package for node_modules, the path for our code. */
function placeOf(url: string): string {
  if (!url) return '';
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = url.slice(inModules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const ours = url.indexOf('/dist/');
  return ours >= 0 ? url.slice(ours + 1) : url.replace(/^.*\//, '');
}

export function topFrames(path: string, count = 15): Frame[] {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const hits = new Map<string, number>();
  for (const sample of profile.samples) {
    const node = byId.get(sample);
    if (!node) continue;
    const { functionName, url } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${placeOf(url)}`.trim();
    hits.set(key, (hits.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [...hits.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, n]) => ({ frame, selfShare: n / total }));
}

/** Self time grouped by package (node_modules) or our own code, the bigger picture. */
export function shareByPlace(path: string, count = 12): Frame[] {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const hits = new Map<string, number>();
  for (const sample of profile.samples) {
    const node = byId.get(sample);
    if (!node) continue;
    const place = placeOf(node.callFrame.url) || node.callFrame.functionName || '(native)';
    hits.set(place, (hits.get(place) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [...hits.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, n]) => ({ frame, selfShare: n / total }));
}
