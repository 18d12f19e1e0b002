-- The change log's triggers (issue 27): written by the change-log work; nothing yet.
SELECT 1;
