// A helper folder's file is not a test file either.
throw new Error('a helper folder was run as a test file');
