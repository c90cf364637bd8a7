-- Demo rows of the resources registers (issue 29): placeholder until the group's seed lands.
SELECT 1;
