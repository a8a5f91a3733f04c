// One colour per job type, the same on every chart of every page: a type's place among the
// types this deployment declares (sorted by name) picks its colour, so the overview's due
// chart and the history's charts agree, whatever types a given chart happens to show. A type
// the code does not declare (an old job's) gets a colour from its name.

/** Sixteen hues distinguishable from each other on white, none so light a bar disappears. */
const palette = [
  "#2f5bd3", "#c2410c", "#15803d", "#7c3aed", "#b45309", "#0e7490", "#be123c", "#4d7c0f",
  "#1e3a8a", "#9d174d", "#065f46", "#6b21a8", "#92400e", "#155e75", "#374151", "#a16207",
];

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

export function jobTypeColor(declared: readonly string[], type: string): string {
  const place = [...declared].sort().indexOf(type);
  return palette[(place >= 0 ? place : hashOf(type)) % palette.length]!;
}

/** The colours of `types`, for a client component (which cannot read the catalogue). */
export function jobTypeColors(declared: readonly string[], types: Iterable<string>): Record<string, string> {
  return Object.fromEntries([...new Set(types)].map((type) => [type, jobTypeColor(declared, type)]));
}
