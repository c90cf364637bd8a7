-- Demo data of the queries contract registers (seed set "demo-queries"); written with those registers.
SELECT 1;
