-- A handler that says its business instant has not come (NotBefore) defers its job: the attempt
-- ends 'deferred', its writes rolled back, and no attempt is spent (docs/decisions/0020).

-- AlterEnum
ALTER TYPE "run_outcome" ADD VALUE 'deferred';
