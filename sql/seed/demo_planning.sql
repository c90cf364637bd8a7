-- Demo data of the planning contract registers (seed set "demo-planning"); written with those registers.
SELECT 1;
