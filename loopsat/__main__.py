from loopsat.cli import main

main()
