-- Which section versions (rollout) the web app ran when it sent the request, for support.
ALTER TABLE access_logs ADD COLUMN sections varchar(512);
