-- Demo data of the correspondence contract registers (seed set "demo-correspondence"); written with those registers.
SELECT 1;
