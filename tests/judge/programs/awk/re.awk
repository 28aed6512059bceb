{ exit 3 }
