from loopsat.start import main

main()
