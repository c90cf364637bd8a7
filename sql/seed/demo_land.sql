-- Demo rows of the land registers (issue 29): placeholder until the group's seed lands.
SELECT 1;
