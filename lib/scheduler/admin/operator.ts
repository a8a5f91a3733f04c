/**
 * Who asks the admin API for a change that it records as theirs (a bulk operation keeps who
 * previewed it, so only they can confirm it and its audit entries name them). The dashboard's
 * signed-in operator has this shape; the engine itself knows nothing else about operators.
 */
export interface Operator {
  id: string;
  email: string;
}
