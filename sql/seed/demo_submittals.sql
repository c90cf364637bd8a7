-- Demo data of the submittals contract registers (seed set "demo-submittals"); written with those registers.
SELECT 1;
