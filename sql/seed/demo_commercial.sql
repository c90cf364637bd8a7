-- Demo data of the commercial contract registers (seed set "demo-commercial"); written with those registers.
SELECT 1;
