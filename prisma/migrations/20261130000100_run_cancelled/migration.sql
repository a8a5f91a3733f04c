-- A claimed job cancelled before its handler started is not run: its attempt ends 'cancelled'.

-- AlterEnum
ALTER TYPE "run_outcome" ADD VALUE 'cancelled';
