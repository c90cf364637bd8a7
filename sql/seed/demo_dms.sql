-- Document management demo data (issue "Document management"): filled by its registers.
SELECT 1;
