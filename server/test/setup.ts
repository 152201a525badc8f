// Server tests run with a quiet, demo-mode environment unless a test says otherwise.
process.env.LOG_LEVEL ??= 'silent';
