process.exit(2);
