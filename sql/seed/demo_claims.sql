-- Demo rows of the claims registers (issue 29): placeholder until the group's seed lands.
SELECT 1;
