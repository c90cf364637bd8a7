-- Demo rows of the controls registers (issue 29): placeholder until the group's seed lands.
SELECT 1;
