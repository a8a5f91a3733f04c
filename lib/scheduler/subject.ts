/** The business record a job belongs to, e.g. { type: "booking", id: 42 }. */
export interface Subject {
  type: string;
  id: string | number | bigint;
}

export function subjectColumns(subject: Subject | undefined): { subjectType: string | null; subjectId: string | null } {
  return subject ? { subjectType: subject.type, subjectId: String(subject.id) } : { subjectType: null, subjectId: null };
}
