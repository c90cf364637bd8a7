-- Demo data of the site contract registers (seed set "demo-site"); written with those registers.
SELECT 1;
